/** A document holding one checklist: each item's text and whether it is done (empty text: an empty item). */
export const checklistDoc = (...items: [text: string, checked: boolean][]) => ({
  type: 'doc',
  content: [
    {
      type: 'taskList',
      content: items.map(([text, checked]) => ({
        type: 'taskItem',
        attrs: { checked },
        content: [{ type: 'paragraph', ...(text ? { content: [{ type: 'text', text }] } : {}) }],
      })),
    },
  ],
});
