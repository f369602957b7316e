// A remote's own dev page (@imprest/ui/dev): not shared, and in none of the shell's files.
export { runStandalone } from './run-standalone';
