/** The signed-in member's 通知设置 in the query cache (GetMailPreferences). */
export const mailPreferencesKey = ['mail-preferences'] as const;
