/** A person's picture in the dropdown, or an empty circle of the same size. */
export function Avatar({ src }: { src: string | null }) {
  return src ? (
    <img className="search-box__avatar" src={src} alt="" width="32" height="32" loading="lazy" />
  ) : (
    <span className="search-box__avatar search-box__avatar--empty" aria-hidden="true" />
  );
}
