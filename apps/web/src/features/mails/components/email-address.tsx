/** An address that may break after its "@" in a narrow space, never inside its name or domain. */
export function EmailAddress({ email, maxWidth }: { email: string; maxWidth?: number }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <span style={{ display: 'inline-block', maxWidth }}>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
