import { LogoMark } from '../components/logo-mark';

/**
 * What a signed-in visitor sees before the console's code has run: the navbar with the logo, the side
 * menu and the tab bar as empty frames, and the outline of a page. It is rendered into index.html at
 * build time (prerender-plugin.ts) and removed the moment the real shell commits (lib/prerender.ts);
 * the frames sit exactly where the shell's own navbar, menu and tab bar will (shell-skeleton.css), so
 * the takeover moves nothing. The menu's entries depend on the role, so they are drawn as bars, not
 * guessed.
 */
export function ShellSkeleton({ loadingLabel }: { loadingLabel: string }) {
  const bars = [64, 48, 56, 52, 60, 44, 56, 60];
  return (
    <div className="pre-shell" aria-busy="true">
      <header className="pre-navbar">
        {/* Below 992 px the navbar opens the menu from a button left of the logo: its place is kept. */}
        <span className="pre-menu-button" />
        <span className="pre-logo">
          <LogoMark size={32} />
          <span className="pre-logo-text">Atrium</span>
        </span>
      </header>
      <aside className="pre-sider">
        {bars.map((width, i) => (
          <span key={i} className="pre-menu-item">
            <span className="pre-bar pre-icon" />
            <span className="pre-bar" style={{ width: `${width}%` }} />
          </span>
        ))}
      </aside>
      <main className="pre-content">
        <div className="pre-tabbar" />
        <div className="pre-page">
          <span className="pre-sr">{loadingLabel}</span>
          <div className="pre-card pre-card-wide">
            <span className="pre-bar" style={{ width: '30%', height: 20 }} />
            <span className="pre-bar" style={{ width: '90%' }} />
            <span className="pre-bar" style={{ width: '75%' }} />
            <span className="pre-bar" style={{ width: '82%' }} />
          </div>
          <div className="pre-card pre-card-side">
            <span className="pre-bar" style={{ width: '50%', height: 20 }} />
            <span className="pre-bar" style={{ width: '80%' }} />
            <span className="pre-bar" style={{ width: '70%' }} />
          </div>
        </div>
      </main>
    </div>
  );
}
