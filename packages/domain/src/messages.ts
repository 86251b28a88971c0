import { FIRST_PAGE_MESSAGES } from './first-page-messages';

/**
 * The spec's user-facing texts, word for word (typos included: users and support documents know them).
 * Apps show these; the API answers with them where the spec gives the server's message.
 */
export const MESSAGES = {
  ...FIRST_PAGE_MESSAGES,

  // Sign-up validation (spec 1 §5)
  firstNameRequired: 'Please fill in your first name',
  lastNameRequired: 'Please fill in your last name',
  emailRequired: 'Please fill in your email',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please Enter your password',
  reEnterPasswordRequired: 'Please re-enter your password',
  roleRequired: 'Please select role',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'Please accept the Terms & Conditions',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',

  // Sign-up conflicts (spec 1 §4, §8)
  emailTaken: 'An account with this email already exists. Please log in instead.',
  subuserExists:
    'Your account already exists as subuser, pleae use different email or contact your studio owner for more details',
  adminNotConvertible: "Sorry, admin accounts can't be converted to studio owners",
  convertIndividualTitle: 'Convert to a studio owner account?',
  convertIndividualBody:
    'This email already belongs to an individual account. Converting it to a studio owner account deletes the previous subscription and data. Do you want to continue?',
  convertStudioOwnerTitle: 'Convert to an individual account?',
  convertStudioOwnerBody:
    'This email already belongs to a studio owner account. Converting it to an individual account deletes the studio, its sub-users, the previous subscription and data. Do you want to continue?',
  accountMayExist:
    'An account may already exist for this email. Log in, or reset your password if you forgot it.',
  convertCancelsSubscription:
    'Your current subscription will be cancelled now, when the account is converted.',
  studioSignUpSuccess: 'Your studio account has been created. Choose your studio plan to get started.',

  // Login (spec 1 §4, §8)
  invalidCredentials: 'Invalid email or password',
  invalidUserType: 'User Type is Invalid',
  tooManyLoginAttempts: 'Too many failed login attempts. Please wait 15 minutes or reset your password.',
  roleMismatch: 'user role does not match',
  pleaseLoginFirst: 'Please login first',

  // Passwords (spec 1 §8, spec 3 §8, §9)
  forgotPasswordSent:
    "Password Reset Email Sent! Please check your inbox for a link to reset your password. If you can't find the email, check your spam folder or contact our support team for assistance.",
  somethingsWentWrong: 'Somethings went wrong',
  passwordResetSuccessful: 'Password Reset Successful',
  passwordSetSuccessful: 'Password set Successful',
  resetTokenInvalid: 'This password link is invalid or has expired. Please request a new one.',
  newPasswordTooShort: 'New password must be at least 6 characters',
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordsDoNotMatch: 'Passwords do not match',
  passwordChanged: 'Password changed successfully. Your other sessions were signed out.',
  noResponseFromServer: 'No response from the server.',
  errorSendingRequest: 'Error in sending the request.',

  // Generic
  notFound: 'Not found',
  forbidden: 'You do not have permission to do that.',
  validationFailed: 'Some fields are not valid.',
  rateLimited: 'Too many requests. Please slow down and try again in a minute.',
  overloaded: 'The service is busy. Please try again in a moment.',
  payloadTooLarge: 'The request is too large.',
  // Text fields (issue 13, finding 6): NUL, other control characters or broken unicode in the input
  controlCharacters: 'Remove control characters from this field.',
  invalidText:
    'The request contains characters that cannot be stored. Remove control characters and try again.',
  alreadyExists: 'This already exists.',
  uploadQuotaExceeded: 'You have used all of your upload space. Remove some files or contact support.',
  csrfFailed: 'Your session could not be verified. Please reload the page and try again.',

  // Admin catalogue and people (spec 3 §5, §8)
  categoryFirstCharNotLetter: 'The first character is not a letter.',
  failedToAddCategory: 'Failed to add category',
  failedToRemoveCategory: 'Failed to remove category',
  tagAlreadyExists: 'Tag already exists',
  tagNotFound: 'Tag not found',
  instructorNameRequired: 'Name is required',
  socialPlatformRequired: 'Please select a platform',
  socialUrlRequired: 'URL is required',
  /** {host} is an example address for the chosen platform. */
  socialUrlInvalid: 'Enter a valid URL (e.g., {host})',
  instructorsFetchFailed: 'Something went wrong while fetching instructors',
  instructorsLoadFailed: 'Failed to load instructors',
  userAdded: 'User added successfully',
  userUpdated: 'User updated successfully',
  userUpdateFailed: 'Failed to update user',
  userDeleted: 'User Deleted Successfully',
  userDeletedLowercase: 'user deleted successfully',
  somethngWentWrong: 'Somethng went wrong',

  // Plans, billing, account and studio seats (spec 1 §8, spec 3 §8; issue 6)
  autoSubscriptionFailed: 'Auto-subscription failed.',
  imageReplaced: 'Image replaced successfully!',
  imageUploadFailed: 'Failed to upload image. Please try again later.',
  noDataFound: 'No data Found',
  nameUpdated: 'Your name was updated.',
  emailUpdated: 'Your email was updated.',
  // Email change with confirmation (issue 13 finding 9)
  emailUnchanged: 'This is already your email.',
  emailChangeLinkInvalid:
    'This email confirmation link is invalid or has expired. Please ask for a new one on your account page.',
  emailChangeConfirmed: 'Your email was changed. Use your new email to log in from now on.',
  notificationsUpdated: 'Your notification preference was saved.',
  alreadyOnPlan: 'You are already subscribed to this plan.',
  noSeatsLeft: 'All seats of your studio plan are taken. Upgrade to 10 seats or remove a sub-user first.',
  studioSubscriptionInactive: 'Your studio subscription is not active. Renew it to add sub-users.',
  subUserEmailTaken: 'A user with this email already exists. Please use a different email.',
  noSubscriptionToManage: 'You have no subscription to manage yet. Choose a plan first.',
  subUserCannotBuy: 'Your plan is managed by your studio owner.',
  billingProviderError: 'The billing service could not be reached. Please try again in a moment.',
  profileImageInvalid: 'Please upload the image first.',

  // Catalogue: cards, library, saved (spec 1 §8, spec 2 §2; issue 3)
  noInstructorFound: 'No Instructor Found',
  noProductsFound: 'No Products Found',
  failedToFetchProducts: 'Failed to fetch products',
  savedEmpty:
    "Your saved videos will appear here once you've added them, making it easy to revisit your favorites anytime.",

  // No silent dead ends (issue 22 item 7)
  planRequiredToWatch: 'You need a plan to watch this video. Choose one below to start watching.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
