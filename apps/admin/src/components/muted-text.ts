import classes from './muted-text.module.css';

/** The class of secondary text (subtitles, captions, summaries) that keeps AA contrast in both colour schemes. */
export const mutedText = classes.muted;
