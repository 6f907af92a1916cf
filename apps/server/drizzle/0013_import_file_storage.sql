-- An import's stored file is kept uncompressed (bench/import): the check and the write read it back 32 KiB at
-- a time, and a slice of a compressed value is read by decompressing everything before it (a 5.6 MiB CSV:
-- 656 ms a reading in 32 KiB slices, 93 ms uncompressed). The file lives until its import is written or
-- cancelled, and is at most 20 MiB.
ALTER TABLE "resource_imports" ALTER COLUMN "file" SET STORAGE EXTERNAL;
