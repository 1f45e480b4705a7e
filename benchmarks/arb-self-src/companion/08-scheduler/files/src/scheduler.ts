import type { Clock } from "./clock";
import { nextRun } from "./next";
import { parse, type Schedule } from "./parse";

interface Job {
  name: string;
  schedule: Schedule;
  run: (at: Date) => void;
  due: Date | null;
}

export class Scheduler {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly clock: Clock) {}

  add(name: string, expression: string, run: (at: Date) => void): void {
    if (this.jobs.has(name)) throw new Error(`a job named ${name} is already scheduled`);
    const schedule = parse(expression);
    this.jobs.set(name, { name, schedule, run, due: nextRun(schedule, this.clock.now()) });
  }

  remove(name: string): boolean {
    return this.jobs.delete(name);
  }

  /** When the next job is due, or null when no job will ever be. */
  nextDue(): Date | null {
    let first: Date | null = null;
    for (const j of this.jobs.values()) if (j.due && (!first || j.due < first)) first = j.due;
    return first;
  }

  /** Runs every job whose time has come, earliest first, and returns the names that ran. */
  tick(): string[] {
    const now = this.clock.now();
    const due = [...this.jobs.values()]
      .filter((j) => j.due !== null && j.due <= now)
      .sort((a, b) => a.due!.getTime() - b.due!.getTime() || (a.name < b.name ? -1 : 1));
    const ran: string[] = [];
    for (const job of due) {
      while (job.due && job.due <= now) {
        job.run(job.due);
        ran.push(job.name);
        job.due = nextRun(job.schedule, job.due);
      }
    }
    return ran;
  }
}
