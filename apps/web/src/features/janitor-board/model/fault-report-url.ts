/**
 * The link a room's «Meld feil i dette rommet» QR code holds (decision 026): the janitor page
 * with the report form open and the room set. It holds no secret: anyone signed in may report.
 */
export function faultReportUrl(roomId: string, origin: string = window.location.origin): string {
  return `${origin}/app/janitor?report=${encodeURIComponent(roomId)}`;
}
