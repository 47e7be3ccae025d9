/** Only paths inside this app are followed after sign-in: never another site. */
export function safeRedirect(target: string | undefined | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
}
