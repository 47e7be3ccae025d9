// The sign-in data the server wrote into /login's page (src/shared/api/sign-in-data.ts): the first sign-in
// screen is complete with the page, with no call to the API after it. The demo users are taken once: a
// sign-in screen shown again later (after a sign-out) asks the server for the current list.
import { SIGN_IN_DATA_ID, type SignInData } from '../../shared/api/sign-in-data';
import type { DemoUser } from '../../shared/api/auth';

let read: SignInData | null | undefined;
let demoUsersTaken = false;

/** The page's sign-in data, or null on any other page (or one the server wrote none into). */
export function signInDataFromPage(): SignInData | null {
  if (read !== undefined) return read;
  try {
    const text = document.getElementById(SIGN_IN_DATA_ID)?.textContent;
    read = text ? (JSON.parse(text) as SignInData) : null;
  } catch {
    read = null;
  }
  return read;
}

/** The demo users the page carries, the first time only. */
export function takeDemoUsersFromPage(): DemoUser[] | null {
  if (demoUsersTaken) return null;
  demoUsersTaken = true;
  return signInDataFromPage()?.demoUsers ?? null;
}
