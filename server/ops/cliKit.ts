import type { OpsInputOf, OpsOutputOf, OpsPath } from '../../domain/ops/contract';

/** What the operator CLI hands an area's commands: the typed call to `/ops`, and the CLI's small helpers. */
export interface CliKit {
  call<P extends OpsPath>(path: P, input: OpsInputOf<P>): Promise<OpsOutputOf<P>>;
  flagArgs(args: string[]): Map<string, string>;
  usage(message: string): Error;
  table(rows: Record<string, unknown>[], columns: string[]): void;
  time(ms: number | null | undefined): string;
}

/** One `npm run ops -- <name> …` command. */
export interface Command {
  args: string;
  help: string;
  /** Resolves with the exit code when it is not 0 for a reason other than an error (the audit's mismatches). */
  run(args: string[]): Promise<void | number>;
}

/**
 * An area's operator commands: `server/<area>/opsCommands.ts` default-exports one of these and the
 * CLI finds it there, so a new area's commands edit nothing outside its folder.
 */
export type OpsCommands = (kit: CliKit) => Record<string, Command>;

/** The file an area's commands live in. */
export const OPS_COMMANDS_FILE = 'opsCommands.ts';
