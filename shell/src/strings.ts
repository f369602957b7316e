/** Every text the shell shows, worded as the specification has it. */
export const TEXT = {
  product: 'Imprest',
  tagline: 'The simple way to manage requests within your organization.',
  signIn: {
    title: 'Sign In',
    email: 'Email',
    password: 'Password',
    submit: 'Sign In',
    resetLink: 'Reset Password',
    invalid: 'Invalid credentials',
    sessionEnded: 'Your session has ended. Please sign in again.',
  },
  forgot: {
    title: 'Reset Password',
    intro: 'Enter the e-mail address of your account and we will send you a reset link.',
    send: 'Send Reset Link',
    back: 'Back',
    sent: 'Reset password code has been sent to your email',
    failed: 'Invalid Email address',
  },
  newPassword: {
    title: 'New Password',
    password: 'New Password',
    confirm: 'Confirm Password',
    submit: 'Reset Password',
    failed: "Error. Couldn't reset password",
    askAgain: 'Ask for a new link',
  },
  success: {
    title: 'Successful!',
    // the same page ends a reset and an invitation: a new user has not 'changed' a password
    text: 'Your password is set. You can now log in with it.',
    action: 'Go to Log In Page',
  },
  confirmEmail: {
    title: 'Confirm E-mail Address',
    intro:
      'This link makes the address it was sent to the e-mail you sign in to Imprest with. Until you confirm it, your current address stays in force.',
    missing: 'This confirmation link is incomplete. Open the link from the e-mail again.',
    confirm: 'Confirm e-mail address',
    done: (email: string) => `Your e-mail address is now ${email}. Sign in with it.`,
    doneTitle: 'E-mail address confirmed',
    toSignIn: 'Go to Log In Page',
  },
  layout: {
    locked:
      "Your account has been locked due to pending retirement. You can not submit new requests or edit exisiting requests. If this isn't correct, contact your finance officer.",
    /** A finance user's lock (lock_reason manual): not about a retirement, and lifted only by hand. */
    lockedManual:
      'Your account has been locked by your finance officer. You can not submit new requests or edit existing requests until it is unlocked. Contact your finance officer to learn why or to have it unlocked.',
    settings: 'Settings',
    logout: 'Log Out',
    staff: 'Staff',
    admin: 'Admin',
    mode: 'Mode',
    skipLink: 'Skip to main content',
  },
  remote: {
    failed: (section: string) => `The ${section} section could not be loaded.`,
    hint: 'The rest of Imprest keeps working. Check your connection and try again.',
    retry: 'Retry',
    notFound: 'This page does not exist.',
  },
  pwa: {
    offlineReady: 'App ready to work offline',
    updateTitle: 'New version available!',
    updateText: 'Click reload to update',
    reload: 'Reload',
    installTitle: 'Install Imprest on your home screen',
    installText: 'Open it like an app, even when you are offline.',
    install: 'Install',
  },
} as const;
