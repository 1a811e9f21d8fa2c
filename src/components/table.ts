// Tables built with DOM APIs: every value from data goes in as text, so markup in a log or a model name stays inert.
import {fill, t, type Lang} from "./i18n.js";

export type Cell = string | Node | null;

export interface Column<T> {
  label: string;
  value: (row: T) => Cell;
  /** Numbers are right-aligned so their decimals line up. */
  numeric?: boolean;
  title?: string;
  /** Class names for the column's cells, e.g. "wide-text". */
  className?: string;
}

export interface TableOptions<T> {
  caption?: string;
  className?: string;
  /** Extra class names for a row, e.g. "failed". */
  rowClass?: (row: T) => string | null;
  /** A row's id, so a link can address the row (CSS :target marks it). */
  rowId?: (row: T) => string;
  /** Keep the first column in view when the table scrolls sideways. */
  stickyFirst?: boolean;
  /** A header row above the column labels that groups them: labels with the number of columns each spans. */
  groups?: {label: string; span: number}[];
}

export function appendCell(parent: HTMLElement, content: Cell): void {
  if (content == null) return;
  if (typeof content === "string") parent.append(document.createTextNode(content));
  else parent.append(content);
}

export function dataTable<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  options: TableOptions<T> = {}
): HTMLElement {
  const wrapper = document.createElement("div");
  wrapper.className = "table-scroll";
  const table = document.createElement("table");
  table.className = ["data-table", options.className, options.stickyFirst ? "sticky-first" : null]
    .filter(Boolean)
    .join(" ");
  if (options.caption) {
    table.append(textElement("caption", options.caption));
  }
  // Built from plain elements, not createTHead/insertRow, so the build's DOM (linkedom) draws the same table.
  const head = document.createElement("thead");
  table.append(head);
  const row = () => head.appendChild(document.createElement("tr"));
  if (options.groups) {
    const groupRow = row();
    for (const group of options.groups) {
      const th = document.createElement("th");
      th.setAttribute("scope", "colgroup");
      th.setAttribute("colspan", String(group.span));
      th.textContent = group.label;
      th.className = group.label ? "group" : "";
      groupRow.append(th);
    }
  }
  const headRow = row();
  for (const column of columns) {
    const th = document.createElement("th");
    th.setAttribute("scope", "col");
    th.textContent = column.label;
    if (column.title) th.setAttribute("title", column.title);
    th.className = [column.numeric ? "numeric" : null, column.className].filter(Boolean).join(" ");
    headRow.append(th);
  }
  const body = table.appendChild(document.createElement("tbody"));
  for (const row of rows) {
    const tr = body.appendChild(document.createElement("tr"));
    const rowClass = options.rowClass?.(row);
    if (rowClass) tr.className = rowClass;
    if (options.rowId) tr.id = options.rowId(row);
    columns.forEach((column, index) => {
      const cell = document.createElement(index === 0 ? "th" : "td");
      if (index === 0) cell.setAttribute("scope", "row");
      cell.className = [column.numeric ? "numeric" : null, column.className].filter(Boolean).join(" ");
      appendCell(cell, column.value(row));
      tr.append(cell);
    });
  }
  wrapper.append(table);
  return wrapper;
}

/** Rows a long table shows at once: a table of thousands of runs takes seconds to lay out. */
export const TABLE_PAGE_ROWS = 500;

/** Rows a page carries at most; past this a table shows its first rows and says where the rest are. */
export const TABLE_MAX_ROWS = 2000;

function pagerText(first: number, last: number, total: number, lang: Lang): string {
  return fill("pagerRows", lang, {first, last, total});
}

/**
 * A data table shown a page of rows at a time, with a pager; a short table is a plain data table. Every page of rows is
 * in the HTML and the pager's links name them (#<id>-p<k>): the page's stylesheet shows the one the address names, the
 * first by default, so paging works with scripts off.
 */
export function pagedTable<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  options: TableOptions<T> & {lang: Lang; id: string; pageRows?: number; maxRows?: number; rest?: Cell}
): HTMLElement {
  const size = options.pageRows ?? TABLE_PAGE_ROWS;
  if (rows.length <= size) return dataTable(rows, columns, options);
  const container = document.createElement("div");
  container.className = "paged-table";
  const max = options.maxRows ?? TABLE_MAX_ROWS;
  if (rows.length > max) {
    // Every row in the page would outweigh it (17,000 runs: megabytes): the first rows, and where the rest are.
    const note = document.createElement("p");
    note.className = "table-rest";
    note.append(`${pagerText(1, max, rows.length, options.lang)}. `);
    appendCell(note, options.rest ?? null);
    container.append(note, dataTable(rows.slice(0, max), columns, options));
    return container;
  }
  const pages = Math.ceil(rows.length / size);
  const anchor = (page: number) => `${options.id}-p${page + 1}`;
  const pager = (page: number, first: number, last: number) => {
    const nav = document.createElement("nav");
    nav.className = "table-pager";
    const step = (label: string, target: number) => {
      if (target < 0 || target >= pages) return textElement("span", label, "pager-end");
      const a = document.createElement("a");
      a.setAttribute("href", `#${anchor(target)}`);
      a.textContent = label;
      return a;
    };
    nav.append(
      step(t("pagerPrevious", options.lang), page - 1),
      textElement("span", pagerText(first + 1, last, rows.length, options.lang), "pager-rows"),
      step(t("pagerNext", options.lang), page + 1)
    );
    return nav;
  };
  for (let page = 0; page < pages; page++) {
    const first = page * size;
    const last = Math.min(rows.length, first + size);
    const section = document.createElement("section");
    section.className = "table-page";
    section.id = anchor(page);
    // A pager above and below: a page of rows is long.
    section.append(
      pager(page, first, last),
      dataTable(rows.slice(first, last), columns, options),
      pager(page, first, last)
    );
    container.append(section);
  }
  return container;
}

/** A small element holding text, e.g. a badge or a code span. */
export function textElement(tag: string, text: string, className?: string): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

/** Several cells' worth of content in one cell. */
export function fragment(...parts: Cell[]): DocumentFragment {
  const result = document.createDocumentFragment();
  for (const part of parts) {
    if (part == null) continue;
    result.append(typeof part === "string" ? document.createTextNode(part) : part);
  }
  return result;
}
