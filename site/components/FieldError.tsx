/** The message under a form field; its id is what the input's aria-describedby points at. */
export function FieldError({ id, messages }: { id: string; messages?: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p className="field-error" id={id}>
      {messages.join(' ')}
    </p>
  );
}
