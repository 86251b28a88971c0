import classes from './player-box.module.css';

/** The 16:9 box that holds the player's place while it loads or cannot play (no layout shift). */
export function PlayerBox({ children }: { children: React.ReactNode }) {
  return (
    <div className={classes.box} data-testid="player-box">
      {children}
    </div>
  );
}
