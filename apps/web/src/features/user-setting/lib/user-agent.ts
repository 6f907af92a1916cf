/** Browser families by their user-agent token, most specific first (Edge and Opera also say Chrome). */
const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]*(?: Mobile\/\S+)? Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * A user agent as people read it: `Chrome 126 · Windows`; one the table does not know is cut to `max`
 * characters (code points, so an emoji stays whole), an empty one is `-`.
 */
export function shortUserAgent(userAgent: string, max = 40): string {
  const ua = userAgent.trim();
  if (!ua) return '-';
  const system = systems.find(([pattern]) => pattern.test(ua))?.[1];
  for (const [pattern, name] of browsers) {
    const version = pattern.exec(ua)?.[1];
    if (version) return system ? `${name} ${version} · ${system}` : `${name} ${version}`;
  }
  const chars = [...ua];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : ua;
}
