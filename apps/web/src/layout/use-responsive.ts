import { useEffect } from 'react';
import { measureDevice, useSettings } from '../stores/settings';

/** The body width, measured on resize with a 100 ms debounce, decides the device. */
export function useResponsive(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      const device = measureDevice();
      if (useSettings.getState().device !== device) useSettings.getState().update({ device });
    };
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, 100);
    };
    measure();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
}
