/** The Tun mark: a courtyard house, as in a farm's tun. Decorative; the name is always beside it. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-fjord-8)" />
      <path d="M6 17 16 8l10 9v8a1 1 0 0 1-1 1h-6v-6h-6v6H7a1 1 0 0 1-1-1z" fill="#fff" />
    </svg>
  );
}
