type Props = { name: string; src?: string | null; size?: number };

/** A contact's picture, or the initials of the name on a tinted disc. */
export function Avatar({ name, src, size = 40 }: Props) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return src ? (
    <img className="t-avatar" src={src} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="t-avatar t-avatar--initials" style={{ width: size, height: size, fontSize: size * 0.4 }} aria-hidden>
      {initials || '?'}
    </span>
  );
}
