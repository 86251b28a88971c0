export { buildPlayerHref, isClassCard, isComingSoonCard } from './player-href';
export { useLongPress } from './use-long-press';
export { VideoCard, type VideoCardProps } from './video-card';
export { VideoThumbnail } from './video-thumbnail';
