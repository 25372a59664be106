import { ErrorPanel } from '../layouts/error-panel';

/** A screen's code failed to load (often a new version was deployed) or a screen crashed. */
export function RouteErrorPage({ fullPage = true }: { fullPage?: boolean }) {
  return (
    <ErrorPanel
      fullPage={fullPage}
      titleKey="routeError.title"
      messageKey="routeError.message"
      actionKey="routeError.reload"
    />
  );
}
