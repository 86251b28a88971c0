// Icons are imported one file each (never the barrel) so only the icons a chunk uses end up in it.
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  import type { Icon } from '@tabler/icons-react';

  const icon: Icon;
  export default icon;
}
