/**
 * Navigation for code outside React (the request wrapper, session commands). The router registers
 * itself here once it exists; before that, a full page load does the same job.
 */
type Navigator = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigator | undefined;

export function setNavigator(next: Navigator | undefined): void {
  navigator = next;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) navigator(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}
