/** The Atrium mark: an open doorway on the theme's primary colour. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="rgb(var(--primary-6))" />
      <path d="M8 24 16 7l8 17h-4.2L16 15.6 12.2 24z" fill="#fff" />
    </svg>
  );
}
