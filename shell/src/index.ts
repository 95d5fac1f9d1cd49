// An async boundary: Module Federation must set up the shared modules (one React for the whole
// page) before any of them is imported.
import(/* webpackChunkName: "shell" */ './bootstrap');
