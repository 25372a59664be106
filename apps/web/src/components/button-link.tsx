import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * A button that is a real link: client-side navigation on click, new tab on middle or ctrl click. `state`
 * goes with the in-app navigation (e.g. to know the user came from a list).
 */
export function ButtonLink({
  to,
  state,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick'> & { to: string; state?: unknown }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to, { state });
  return <Button {...props} href={href} onClick={onClick} />;
}
