declare module '@arco-design/color' {
  export function generate(color: string, options?: { index?: number; list?: boolean; dark?: boolean; format?: 'hex' | 'rgb' | 'hsl' }): string | string[];
  export function getRgbStr(color: string): string;
  export function getPresetColors(): Record<string, { light: string[]; dark: string[]; primary: string }>;
}
