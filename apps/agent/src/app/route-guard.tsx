import { RealtimeJobs } from '@ws/web-kit/realtime';
import { endSession, SessionJobs, setNavigator, tokenMissing, useSession } from '@ws/web-kit/session';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { guard } from './guard.js';

/** Route meta, kept in the route's `handle`: whether it needs a sign-in. */
export interface RouteMeta {
  isAuth?: boolean;
}

/** The root route: applies the guard to every navigation and runs the session's jobs and the realtime connection. */
export function RouteGuard() {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const session = useSession();

  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(undefined);
  }, [navigate]);

  const meta = matches
    .map((match) => match.handle as RouteMeta | undefined)
    .findLast((handle) => handle?.isAuth !== undefined);
  const decision = guard({
    path: location.pathname,
    isAuth: meta?.isAuth ?? true,
    signedIn: session !== null,
    tokenMissing: tokenMissing(),
  });

  useEffect(() => {
    if (decision.kind === 'force-logout') endSession();
  }, [decision.kind]);

  if (decision.kind === 'force-logout') return null;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <>
      {session && <SessionJobs />}
      {session && <RealtimeJobs />}
      <Outlet />
    </>
  );
}
