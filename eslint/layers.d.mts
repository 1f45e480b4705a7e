// Types of eslint/layers.mjs for the TypeScript that reads its table (scripts/import-graph.ts).
import type { ESLint, Rule } from "eslint";

/** lib/ folders by layer, lowest first. */
export declare const LAYERS: readonly (readonly string[])[];
export declare const layersRule: Rule.RuleModule;
export declare const execboardPlugin: ESLint.Plugin;
