import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import {
  anchors,
  commands,
  fileNameProblems,
  fileNames,
  frontDoorProblems,
  linkProblems,
  links,
  slug,
  type DocsTree,
} from './docs-links';

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The repository's files: git's list in a checkout; in a copy without .git (.ci/node-lines tests a copy of the
    checkout's files), every file but what a build, an install or a run makes. */
function repositoryFiles(): string[] {
  if (existsSync('.git')) {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((path) => path !== '' && existsSync(path));
  }
  const made = /^(?:node_modules|dist|dist-server|data|test-results|playwright-report|coverage)$/;
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = folder === '.' ? entry.name : `${folder}/${entry.name}`;
      if (!entry.isDirectory()) return [path];
      return folder === '.' && made.test(entry.name) ? [] : walk(path);
    });
  return walk('.');
}

const disk: DocsTree = {
  read: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined),
  exists: (path) => existsSync(join('.', path)),
};

function memory(files: Record<string, string>): DocsTree {
  return {
    read: (path) => files[path],
    exists: (path) =>
      path in files || Object.keys(files).some((file) => file.startsWith(`${path.replace(/\/$/, '')}/`)),
  };
}

describe('the README and the guides in docs/', () => {
  const documents = ['README.md', ...markdownUnder('docs')];

  it('are all there: the README links every guide', () => {
    const readme = readFileSync('README.md', 'utf8');
    const linked = new Set(links(readme).map(({ target }) => target.split('#')[0]));
    const guides = documents.filter((path) => path !== 'README.md');
    expect(guides.length).toBeGreaterThanOrEqual(6);
    expect(guides.filter((guide) => !linked.has(guide))).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    expect(linkProblems(disk, documents)).toEqual([]);
  });

  it('name only files that exist', () => {
    const paths = repositoryFiles();
    expect(fileNameProblems(disk, documents, paths)).toEqual([]);
  });

  it('and the CI scripts and package.json name only files that exist (a moved file fails here, not in CI)', () => {
    const paths = repositoryFiles();
    const scripts = ['.ci/run', '.ci/node-lines', 'package.json'];
    expect(scripts.every((path) => existsSync(path))).toBe(true);
    expect(fileNameProblems(disk, scripts, paths)).toEqual([]);
    const specs = /^SERVICE_SPECS=\(([^)]*)\)/m.exec(readFileSync('.ci/node-lines', 'utf8'))?.[1] ?? '';
    const missing = specs.split(/\s+/).filter((name) => name !== '' && !existsSync(`e2e/${name}.spec.ts`));
    expect(specs).not.toBe('');
    expect(missing).toEqual([]);
  });

  it('keep the README a front door that starts with the two commands', () => {
    expect(frontDoorProblems(readFileSync('README.md', 'utf8'))).toEqual([]);
  });

  it('open the design guide with the data flow from a request to an answer', () => {
    const design = readFileSync('docs/design.md', 'utf8');
    const firstSection = /^## (.*)$/m.exec(design)?.[1];
    expect(firstSection).toBe('From a request to an answer');
    const order = [
      'src/api/client',
      'platform/http/',
      'platform/guard/',
      'cells/',
      'sources/',
      'location/',
      'store/',
      'platform/net/',
      'src/api/codec',
    ];
    const positions = order.map((folder) => design.indexOf(folder));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe('the link checker', () => {
  it('finds the file names a document mentions, in prose, code spans and blocks, links and URLs left out', () => {
    const markdown = [
      'See `src/server/cells/cell-read.ts` and cell-answer.ts.',
      '[the guide](docs/using.md) and https://example.com/x.ts',
      '```sh',
      'npx tsx scripts/pg-cluster.ts',
      '```',
    ].join('\n');
    expect(fileNames(markdown).map(({ target }) => target)).toEqual([
      'src/server/cells/cell-read.ts',
      'cell-answer.ts',
      'scripts/pg-cluster.ts',
    ]);
  });

  it("makes GitHub's slugs", () => {
    expect(slug('Load (`npm run bench:load`)')).toBe('load-npm-run-benchload');
    expect(slug('Proxy mode: pointing the app at a real operator')).toBe(
      'proxy-mode-pointing-the-app-at-a-real-operator',
    );
    expect(slug('Cells in view: `GET /api/cells` (ours, beside the document’s two reads)')).toBe(
      'cells-in-view-get-apicells-ours-beside-the-documents-two-reads',
    );
    expect(slug('The R\\*Tree and _its_ cells_box')).toBe('the-rtree-and-its-cells_box');
    expect(slug('Brändö, 244/91/10038')).toBe('brändö-2449110038');
    expect(slug('[Settings](deploying.md) — all of them')).toBe('settings--all-of-them');
  });

  it('numbers repeated headings and ignores headings inside code', () => {
    const text = '# A\n## Notes\n```sh\n# Notes\n```\n### Notes\n## Notes-1\n<a id="here"></a>\n';
    expect([...anchors(text)]).toEqual(['a', 'notes', 'notes-1', 'notes-1-1', 'here']);
  });

  it('finds a broken link, a broken anchor and a link out of the repository, in memory', () => {
    const tree = memory({
      'README.md': [
        'See [the guide](docs/guide.md#setting-up) and [usage](docs/usage.md).',
        '![shot](docs/screenshots/start.png) [top](#readme) [there](docs/guide.md#setting-up-1)',
        '`[not a link](nowhere.md)` and [the web](https://example.com/x.md#y)',
        '```',
        '[in code](missing.md)',
        '```',
        '[ref]: docs/guide.md#nowhere',
      ].join('\n'),
      'docs/guide.md': '# Guide\n## Setting up\n## Setting up\nBack to [the start](../README.md#reame).\n',
      'docs/screenshots/start.png': 'png',
    });
    expect(linkProblems(tree, ['README.md', 'docs/guide.md'])).toEqual([
      'README.md:1: docs/usage.md: no such file (docs/usage.md)',
      'README.md:2: #readme: no heading #readme in README.md',
      'README.md:7: docs/guide.md#nowhere: no heading #nowhere in docs/guide.md',
      'docs/guide.md:4: ../README.md#reame: no heading #reame in README.md',
    ]);
    expect(linkProblems(memory({ 'docs/a.md': '[up](../../etc/passwd)' }), ['docs/a.md'])).toEqual([
      'docs/a.md:1: ../../etc/passwd: no such file (../etc/passwd)',
    ]);
  });

  it('passes a tree whose links all resolve', () => {
    const tree = memory({
      'README.md': '# Cellpos\n[guide](docs/guide.md#setting-up) [self](#cellpos) [folder](docs/)\n',
      'docs/guide.md': '# Guide\n## Setting up\n[home](../README.md#cellpos) [shot](screenshots/a%20b.png)\n',
      'docs/screenshots/a b.png': 'png',
    });
    expect(linkProblems(tree, ['README.md', 'docs/guide.md'])).toEqual([]);
  });

  it('reads the commands a reader meets, in order', () => {
    const text = [
      'Run `npm ci && npm start`, not `src/api`.',
      '```sh',
      '# a comment',
      '$ npm test   # all of it',
      'PORT=9000 npm start',
      '```',
      '```ini',
      'ExecStart=/usr/bin/npm start',
      '```',
    ].join('\n');
    expect(commands(text)).toEqual(['npm ci && npm start', 'npm test', 'PORT=9000 npm start']);
  });

  it('refuses a README that is too long or shows another command first', () => {
    const good = '# Cellpos\n```sh\nnpm ci && npm start\nnpm test\n```\n';
    expect(frontDoorProblems(good)).toEqual([]);
    expect(frontDoorProblems(good + 'line\n'.repeat(246))).toEqual([
      'README.md has 251 lines; a front door has at most 250',
    ]);
    expect(frontDoorProblems('Try `npm run dev`.\n' + good)).toEqual([
      'README.md must show `npm ci && npm start` and `npm test` before any other command; it shows ' +
        '`npm run dev`, `npm ci && npm start` first',
    ]);
    expect(frontDoorProblems('```sh\nnpm install && npm start\nnpm test\n```\n')).toHaveLength(1);
  });
});
