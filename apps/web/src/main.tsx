// Must come first: lets Arco's Message/Modal/Notification render under React 19 (stack-notes).
import '@arco-design/web-react/es/_util/react-19-adapter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installApiHooks } from './app/api-hooks';
import { createAppRouter } from './app/router';
import { initFingerprint } from './lib/fingerprint';
import { addSliceTexts, applyDocumentLocale, getLocale, loadLocale } from './lib/i18n';
import { applyColorWeak, applyThemeColor, applyThemeMode } from './lib/theme';
import { webSlices } from './slices';
import { useSettings } from './stores/settings';
import './styles/global.css';

function start() {
  const settings = useSettings.getState();
  applyThemeMode(settings.theme);
  void applyThemeColor(settings.themeColor);
  applyColorWeak(settings.colorWeak);
  applyDocumentLocale();
  installApiHooks();
  // Nothing is awaited before the mount: the first view is already on screen (index.html carries it
  // pre-rendered) and the routes wait for their own texts. The device id is computed once that view is
  // painted: every request waits for it inside the request client (whenFingerprintReady), so no call
  // ever leaves without it.
  void initFingerprint();
  addSliceTexts(webSlices);
  void loadLocale(getLocale(), 'core');
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

start();
