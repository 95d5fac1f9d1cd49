// What a person reads on a screen is written once, in a module of texts: shared-contracts for the
// spec's strings and the texts several packages show, a package's own copy module (mfe-auth's
// shared/copy.ts) for product copy only it shows. A component takes its words from there, never from
// a literal of its own. The rule reports JSX text with words in it, a string literal given as a child,
// and a literal given to an attribute a person reads or hears (a label, a title, a placeholder,
// alternative text).
// Punctuation and spacing between expressions (`{a} · {b}`, `{' '}`) are not words and pass.

/**
 * The attributes whose value is read or announced (to the user, or by a screen reader): the DOM's
 * (`aria-label`, `title`, `alt`, `placeholder`...) and our components' (`label`, `searchLabel`,
 * `emptyText`, `caption`, `loadingLabel`...), by the end of their names.
 */
const READ_ATTRIBUTE =
  /^(aria-(label|description|roledescription|valuetext|placeholder)|alt|title|label|placeholder|caption|heading|description|summary|message|intro|hint|text|legend|tooltip|.*(Label|Text|Title|Placeholder|Caption|Heading|Message|Description|Intro|Hint))$/;

/** Two letters in a row: a word, not punctuation, a symbol or a number. */
const WORD = /\p{L}{2}/u;

const literalText = (node) => {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  if (node.type === 'ConditionalExpression') return [literalText(node.consequent), literalText(node.alternate)].filter(Boolean).join(' ') || undefined;
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return undefined;
};

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'Take the words a person reads from shared-contracts, not from a literal in the component.' },
    schema: [],
    messages: {
      text: 'Words on screen come from a module of texts (shared-contracts, or the package\'s copy module), not a literal: "{{text}}".',
      attribute: 'The {{name}} a person reads or hears comes from a module of texts (shared-contracts, or the package\'s copy module), not a literal: "{{text}}".',
    },
  },
  create(context) {
    const short = (s) => s.replace(/\s+/g, ' ').trim().slice(0, 60);
    return {
      JSXText(node) {
        if (WORD.test(node.value)) context.report({ node, messageId: 'text', data: { text: short(node.value) } });
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute') return;
        const text = literalText(node.expression);
        if (text && WORD.test(text)) context.report({ node, messageId: 'text', data: { text: short(text) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : undefined;
        if (!name || !READ_ATTRIBUTE.test(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const text = literalText(value);
        if (text && WORD.test(text)) context.report({ node, messageId: 'attribute', data: { name, text: short(text) } });
      },
    };
  },
};
