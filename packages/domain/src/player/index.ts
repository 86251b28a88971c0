export * from './access';
export * from './chapters';
export * from './content-type';
export * from './contracts';
export * from './messages';
