import styled from 'styled-components';
import { visuallyHidden } from './global-style';

/** Content read by assistive technologies but not shown on screen. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
