export function BrandLogo({ size = 32, light = false }: { size?: number; light?: boolean }) {
  return (
    <span className={`brand-logo${light ? ' brand-logo--light' : ''}`}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect
          width="64"
          height="64"
          rx="14"
          fill={light ? '#ffffff' : '#1f5f3f'}
          fillOpacity={light ? 0.14 : 1}
        />
        <path d="M8 46 L24 24 L34 36 L42 28 L56 46 Z" fill="#b9d98b" />
        <path d="M8 46 L24 24 L29 30 L20 46 Z" fill="#8fbf62" />
        <circle cx="44" cy="18" r="6" fill="#e9c46a" />
      </svg>
      <span className="brand-logo__name">Mirante</span>
    </span>
  );
}
