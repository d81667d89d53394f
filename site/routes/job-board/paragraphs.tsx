/** A member's plain text (a description, a cover note) as paragraphs: blank lines separate them. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </>
  );
}
