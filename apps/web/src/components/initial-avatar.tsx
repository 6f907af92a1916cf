import { Avatar, type AvatarProps } from '@arco-design/web-react';
import { forwardRef } from 'react';

const colours = ['#165DFF', '#0FC6C2', '#722ED1', '#F77234', '#00B42A', '#F53F3F', '#3491FA', '#D91AD9'];

/** The first character of a name (a whole code point, so an emoji or a rare character stays whole), capitalised. */
function initialOf(name: string): string {
  const first = [...name.trim()][0] ?? '';
  return first.toLocaleUpperCase();
}

/** One colour per name, the same on every render and every page. */
function colourOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return colours[hash % colours.length]!;
}

/**
 * A person's or a team's avatar: their picture when they have one, otherwise the initial of the name as
 * it is shown (in the reader's language) on a colour of its own. Other props and the ref reach Arco's
 * Avatar (an Avatar.Group and a Tooltip around it pass theirs).
 */
export const InitialAvatar = forwardRef<HTMLDivElement, AvatarProps & { name: string; src?: string; size: number }>(function InitialAvatar({ name, src, style, ...rest }, ref) {
  if (src) {
    return (
      <Avatar ref={ref} style={style} {...rest}>
        <img src={src} alt={name} />
      </Avatar>
    );
  }
  return (
    <Avatar ref={ref} style={{ backgroundColor: colourOf(name), color: '#fff', ...style }} {...rest}>
      {/* An image of the person for assistive technology: the letter alone would be read out as a letter. */}
      <span role="img" aria-label={name}>
        {initialOf(name)}
      </span>
    </Avatar>
  );
});
