// Placeholder so the package layout builds while the module is written; replaced by the module's code.
