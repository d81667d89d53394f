/** The message of a refused form as a whole (rate limit, allowance, conflict), announced at once. */
export function FormError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p className="notice notice--error" role="alert">
      {message}
    </p>
  );
}
