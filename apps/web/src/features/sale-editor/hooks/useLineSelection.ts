// The lines tables' row selection is shared with the template editor: it lives in components/lines.
export { type ClickModifiers, nextSelection, useLineSelection } from '../../../components/lines/useLineSelection';
