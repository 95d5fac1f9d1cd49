/** "44" or "+44" -> "+44". */
export function callingCodeLabel(callingCode: string): string {
  const code = callingCode.trim();
  return code.startsWith('+') ? code : `+${code}`;
}
