/**
 * The project's own oxlint rules (loaded through `jsPlugins` in .oxlintrc.json).
 *
 * no-clock-read: `new Date()` and `Date.now()` read the machine's clock; every time decision
 * reads the one clock (ctx.clock, lib/time) instead, so the dev clock and tests move it.
 * `new Date(value)` (a conversion) is fine.
 */
const noClockRead = {
  meta: {
    type: "problem",
    docs: { description: "Read now from ctx.clock (lib/time), never from the machine clock." },
    messages: { clock: "{{what}} reads the machine clock: take now from ctx.clock (lib/time)." },
  },
  create(context) {
    const isDate = (node) => node.type === "Identifier" && node.name === "Date";
    return {
      NewExpression(node) {
        if (isDate(node.callee) && node.arguments.length === 0) context.report({ node, messageId: "clock", data: { what: "new Date()" } });
      },
      CallExpression(node) {
        const callee = node.callee;
        const isNow = callee.type === "MemberExpression" && isDate(callee.object) && callee.property.type === "Identifier" && callee.property.name === "now";
        if (isNow) context.report({ node, messageId: "clock", data: { what: "Date.now()" } });
      },
    };
  },
};

export default { meta: { name: "booking" }, rules: { "no-clock-read": noClockRead } };
