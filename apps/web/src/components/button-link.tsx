import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

/** A button that is a real link: client-side navigation on click, new tab on middle or ctrl click. */
export function ButtonLink({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...props} href={href} onClick={onClick} />;
}
