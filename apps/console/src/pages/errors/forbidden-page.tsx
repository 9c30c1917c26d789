import { ErrorResult } from './error-result.js';

export default function ErrorPage403() {
  return <ErrorResult status={403} />;
}
