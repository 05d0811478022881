/** A stylised aerial view (contour lines, lot grid, river) drawn in SVG: the machine has no image hosting. */
export function LandingIllustration() {
  return (
    <svg className="landing-illustration" viewBox="0 0 520 220" aria-hidden="true">
      <defs>
        <linearGradient id="river" x1="0" x2="1">
          <stop offset="0" stopColor="#7fc8c2" />
          <stop offset="1" stopColor="#4e9e98" />
        </linearGradient>
      </defs>
      {[0, 1, 2, 3, 4].map((ring) => (
        <ellipse
          key={ring}
          cx="420"
          cy="70"
          rx={40 + ring * 26}
          ry={22 + ring * 15}
          fill="none"
          stroke="#ffffff"
          strokeOpacity={0.16 - ring * 0.02}
        />
      ))}
      <path
        d="M-10 190 C 80 150, 140 210, 230 170 S 380 120, 530 150"
        stroke="url(#river)"
        strokeWidth="14"
        fill="none"
        strokeLinecap="round"
      />
      {Array.from({ length: 4 }, (_, row) =>
        Array.from({ length: 7 }, (_, col) => (
          <rect
            key={`${row}-${col}`}
            x={30 + col * 34}
            y={20 + row * 30}
            width="28"
            height="24"
            rx="3"
            fill={(row + col) % 3 === 0 ? '#e9c46a' : (row * col) % 4 === 1 ? '#b9d98b' : '#ffffff'}
            fillOpacity={(row + col) % 3 === 0 ? 0.75 : 0.22}
            stroke="#ffffff"
            strokeOpacity="0.35"
          />
        )),
      )}
      <circle cx="300" cy="60" r="7" fill="#e9c46a" />
      <circle cx="300" cy="60" r="16" fill="none" stroke="#e9c46a" strokeOpacity="0.5" />
    </svg>
  );
}
