export * from './access';
export * from './chapters';
export * from './content-type';
export * from './messages';
export * from './playback';
export * from './progress';
export * from './reactions';
export * from './recommendations';
