import { createSlice } from '@reduxjs/toolkit';

export interface SidebarState {
  collapsed: boolean;
}

const initialState: SidebarState = { collapsed: true };

const sidebarSlice = createSlice({
  name: 'sidebar',
  initialState,
  reducers: {
    sidebarToggled(state) {
      state.collapsed = !state.collapsed;
    },
  },
});

export const { sidebarToggled } = sidebarSlice.actions;
export const sidebarReducer = sidebarSlice.reducer;

export const selectSidebarCollapsed = (state: { sidebar: SidebarState }) => state.sidebar.collapsed;
