/**
 * Checks the README and the guides in docs/ as GitHub shows them: every relative link names a file that exists,
 * every #anchor a heading of its target, and the README stays a front door (at most 250 lines, its first commands
 * `npm ci && npm start` and `npm test`). Pure functions over a tree that the test hands in, from disk or memory.
 */
import { posix } from 'node:path';

export const README_MAX_LINES = 250;
export const FIRST_COMMANDS = ['npm ci && npm start', 'npm test'] as const;

/** Reads a repository's files by their path from its root ('README.md', 'docs/using.md'). */
export interface DocsTree {
  read(path: string): string | undefined;
  exists(path: string): boolean;
}

export interface Link {
  target: string;
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;

/** The document's lines with those inside fenced code blocks blanked, and each fenced block's language. */
function proseLines(markdown: string): { prose: string[]; blocks: { lang: string; lines: string[] }[] } {
  const prose: string[] = [];
  const blocks: { lang: string; lines: string[] }[] = [];
  let open: { marker: string; lang: string; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    const fence = FENCE.exec(line);
    if (open === undefined && fence !== null) {
      open = { marker: fence[1] ?? '```', lang: fence[2] ?? '', lines: [] };
      prose.push('');
    } else if (open !== undefined) {
      const closes = fence !== null && (fence[1] ?? '').startsWith(open.marker) && fence[2] === '';
      if (closes) {
        blocks.push({ lang: open.lang, lines: open.lines });
        open = undefined;
      } else open.lines.push(line);
      prose.push('');
    } else prose.push(line);
  }
  return { prose, blocks };
}

/** A heading's text as GitHub renders it: code, links, `_emphasis_`, escapes and HTML reduced to their text (a `*`
    is dropped by the slug anyway). */
function headingText(raw: string): string {
  return raw
    .replace(/\s+#+\s*$/, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(?<![\p{L}\p{N}\\])(__?)(\S(?:.*?\S)?)\1(?![\p{L}\p{N}])/gu, '$2')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** GitHub's slug: lower case, every character but letters, digits, marks, `_`, `-` and spaces dropped, spaces → `-`. */
export function slug(text: string): string {
  return headingText(text)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a document offers: its headings' slugs (repeats get -1, -2, …) and HTML `id`/`name` attributes. */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const { prose } = proseLines(markdown);
  for (const line of prose) {
    const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading !== null) {
      const base = slug(heading[1] ?? '');
      let candidate = base;
      for (let n = 1; found.has(candidate); n += 1) candidate = `${base}-${n}`;
      found.add(candidate);
    }
    for (const html of line.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) found.add(html[1] ?? '');
  }
  return found;
}

/** The targets of inline links and images, and of reference definitions, outside code. */
export function links(markdown: string): Link[] {
  const found: Link[] = [];
  proseLines(markdown).prose.forEach((raw, index) => {
    const line = raw.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length));
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ target: (match[1] ?? '').replace(/^<|>$/g, ''), line: index + 1 });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(\S+)/.exec(line);
    if (definition !== null) found.push({ target: definition[1] ?? '', line: index + 1 });
  });
  return found;
}

/** What is wrong with one link of `from` (a path from the repository's root), or undefined. */
function linkProblem(tree: DocsTree, from: string, source: string, target: string): string | undefined {
  if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
  const hash = target.indexOf('#');
  const file = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const path = file === '' ? from : posix.normalize(posix.join(posix.dirname(from), file));
  if (file !== '' && (path.startsWith('../') || !tree.exists(path)))
    return `${target}: no such file (${path})`;
  if (anchor === undefined || anchor === '' || !path.endsWith('.md')) return undefined;
  const text = path === from ? source : tree.read(path);
  if (text === undefined || !anchors(text).has(anchor)) return `${target}: no heading #${anchor} in ${path}`;
  return undefined;
}

/** Every broken relative link and anchor of the given documents, as `file:line: problem`. */
export function linkProblems(tree: DocsTree, files: readonly string[]): string[] {
  return files.flatMap((from) => {
    const source = tree.read(from) ?? '';
    return links(source).flatMap(({ target, line }) => {
      const problem = linkProblem(tree, from, source, target);
      return problem === undefined ? [] : [`${from}:${line}: ${problem}`];
    });
  });
}

const SHELL = new Set(['', 'sh', 'bash', 'shell', 'console', 'zsh']);
const COMMAND_WORD =
  /^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(?:npm|npx|node|tsx|yarn|pnpm|git|curl|docker|make|sudo|apt-get)\b/;

/** The commands a reader meets, in order: shell code blocks' lines (comments dropped) and command-like code spans. */
export function commands(markdown: string): string[] {
  const found: string[] = [];
  let open: { lang: string } | undefined;
  for (const line of markdown.split('\n')) {
    const fence = FENCE.exec(line);
    if (fence !== null) {
      open = open === undefined ? { lang: (fence[2] ?? '').toLowerCase() } : undefined;
      continue;
    }
    if (open !== undefined) {
      const command = line
        .replace(/^\s*\$\s+/, '')
        .replace(/(^|\s)#.*$/, '')
        .trim();
      if (SHELL.has(open.lang) && command !== '') found.push(command);
      continue;
    }
    for (const span of line.matchAll(/`([^`]+)`/g)) {
      const text = (span[1] ?? '').trim();
      if (COMMAND_WORD.test(text)) found.push(text);
    }
  }
  return found;
}

/** What keeps a README from being the front door: its length, and the first two commands it shows. */
export function frontDoorProblems(readme: string): string[] {
  const problems: string[] = [];
  const lines = readme.replace(/\n$/, '').split('\n').length;
  if (lines > README_MAX_LINES)
    problems.push(`README.md has ${lines} lines; a front door has at most ${README_MAX_LINES}`);
  const first = commands(readme).slice(0, FIRST_COMMANDS.length);
  if (first.join('\n') !== FIRST_COMMANDS.join('\n')) {
    problems.push(
      `README.md must show ${FIRST_COMMANDS.map((c) => `\`${c}\``).join(' and ')} before any other command; it shows ${first.map((c) => `\`${c}\``).join(', ') || 'none'} first`,
    );
  }
  return problems;
}

/** Where a file name in prose or code may be rooted: the repository, src/, the service, the browser's folders. */
const ROOTS = [
  '',
  'src/',
  'src/server/',
  'src/server/platform/',
  'src/server/store/',
  'scripts/',
  'bench/',
  'e2e/',
];
/** What a build, a run or the reader makes (never in the repository): left out of the check. */
const MADE = /^(?:dist|dist-server|node_modules|data|test-results|playwright-report|bench\/out)\//;
const FILE_NAME = /(?<![\w./@-])((?:[\w@.-]+\/)*[\w.-]+\.(?:ts|tsx|mjs|cjs|md))(?![\w/-])/g;

/** The file names (with their line) a document mentions in prose, code spans or code blocks, links left out. */
export function fileNames(markdown: string): Link[] {
  const found: Link[] = [];
  markdown.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\]\([^)]*\)/g, ']').replace(/https?:\/\/\S+/g, '');
    for (const match of line.matchAll(FILE_NAME)) found.push({ target: match[1] ?? '', line: index + 1 });
  });
  return found;
}

/**
 * Every file name of the given documents that names no file of the repository (`paths`, from its root), as
 * `file:line: problem`. A name with folders is looked up from the repository's root, src/, src/server/ and the
 * document's own folder; a bare name (`cell-read.ts`) anywhere, as the text around it says where.
 */
export function fileNameProblems(
  tree: DocsTree,
  files: readonly string[],
  paths: readonly string[],
): string[] {
  const names = new Set(paths.map((path) => posix.basename(path)));
  const suffixes = new Set(
    paths.flatMap((path) => path.split('/').map((_, i, all) => all.slice(i).join('/'))),
  );
  return files.flatMap((from) =>
    fileNames(tree.read(from) ?? '').flatMap(({ target, line }) => {
      const name = target.replace(/^\.\//, '');
      if (MADE.test(name)) return [];
      const found = name.includes('/')
        ? [...ROOTS, `${posix.dirname(from)}/`].some((root) => tree.exists(posix.normalize(root + name))) ||
          suffixes.has(name)
        : names.has(name);
      return found ? [] : [`${from}:${line}: ${target}: no such file`];
    }),
  );
}
