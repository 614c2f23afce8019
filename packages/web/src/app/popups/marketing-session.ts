/**
 * Marketing pop-ups (the promotion at start, the promotion on list loads) once closed stay closed
 * for the rest of the session (issue 38 item 7): the user said no, and asking again on the next
 * list page is nagging. Kept in memory, so a new start may offer them again as the spec says.
 */
let closed = false;

export function marketingClosed(): boolean {
  return closed;
}

export function closeMarketing(): void {
  closed = true;
}
