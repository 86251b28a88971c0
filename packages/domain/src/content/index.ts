export * from './add-video';
export * from './banners';
export * from './messages';
export * from './popups';
export * from './products';
export * from './publication';
export * from './shared';
export * from './sitemap';
