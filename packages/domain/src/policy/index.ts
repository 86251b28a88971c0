export * from './core';
export * from './playlists';
export * from './sign-up';
