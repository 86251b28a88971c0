export { CommunityChat, type CommunityChatProps } from './community-chat';
