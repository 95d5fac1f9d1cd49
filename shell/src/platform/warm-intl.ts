/**
 * The first `Intl.DateTimeFormat` a page builds loads the locale's date data: 40-55 ms on this
 * machine, four times that on Lighthouse's mobile CPU, in whatever task builds it (the dashboard's
 * month label during its first render). Later formatters of any options take under 1 ms; the first
 * number formatter after it about 6 ms. A signed-in page's first visit builds one of each in a task
 * of its own while it waits for release.json and the session check, so that no render pays for it
 * (docs/decisions/0074). The pages format in en-GB.
 */
export function warmIntl(schedule: (task: () => void) => void = (task) => void setTimeout(task, 0)): void {
  schedule(() => void new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(0));
  schedule(() => void new Intl.NumberFormat('en-GB').format(0));
}
